import { join } from 'node:path';
import type { Redactor } from '../security/redactor';
import type { SpinExchange } from '../spin/spin-client';
import { withAllowedFields } from './allowed-fields';
import { withoutPersonalData } from './log-entry';
import { DEFAULT_LOG_LIMIT, DEFAULT_POLL_LIMIT, RequestLog } from './request-log';
import { RequestLogFile } from './request-log-file';
import { TerminalStates } from './terminal-state';

export interface RecorderOptions {
  redactor: Redactor;
  /** With it, the request log is also kept in <dataDir>/diagnostics/requests.jsonl. */
  dataDir?: string;
  onError: (message: string) => void;
  limit?: number;
  /** The data folder cannot be written: the log on disk is read, never written. */
  readOnly?: boolean;
}

/**
 * The consumer of the SPIn client's exchange hook: every finished request goes into the request
 * log (redacted there) and updates its terminal's last known state. Wired into the client options
 * every service uses, so no request escapes it.
 */
export class ExchangeRecorder {
  readonly redactor: Redactor;
  readonly log: RequestLog;
  readonly states = new TerminalStates();

  private constructor(redactor: Redactor, log: RequestLog) {
    this.redactor = redactor;
    this.log = log;
  }

  static async open(options: RecorderOptions): Promise<ExchangeRecorder> {
    const limit = options.limit ?? DEFAULT_LOG_LIMIT;
    const file = options.dataDir
      ? new RequestLogFile(join(options.dataDir, 'diagnostics', 'requests.jsonl'), limit + DEFAULT_POLL_LIMIT, options.onError, {
          readOnly: options.readOnly ?? false,
        })
      : undefined;
    const loaded = file ? await file.load() : [];
    const restored = loaded.map((entry) => withAllowedFields(withoutPersonalData(entry)));
    const log = new RequestLog({ redactor: options.redactor, limit, ...(file ? { file } : {}) }, restored);
    // A log written before personal card data (or fields SPIn does not define) was removed: the file no longer keeps it either.
    if (file && restored.some((entry, i) => entry !== loaded[i])) file.rewrite(restored);
    const recorder = new ExchangeRecorder(options.redactor, log);
    recorder.#file = file;
    return recorder;
  }

  #file: RequestLogFile | undefined;

  /** Another process took the data folder: the log goes on in memory only. */
  stopWriting(): void {
    this.#file?.stopWriting();
  }

  /** The last TerminalStatus answer logged per profile: the header asks every few seconds. */
  readonly #lastStatus = new Map<string, string>();
  /** Exchanges someone asked for (the connection check): logged whatever the polls said before. */
  readonly #asked = new WeakSet<SpinExchange>();

  readonly observe = (exchange: SpinExchange): void => {
    const poll = exchange.endpoint === 'TerminalStatus' && !this.#asked.has(exchange);
    if (!poll || this.#news(exchange)) this.log.record(exchange, { poll });
    this.states.observe(exchange);
  };

  /**
   * The client options for requests someone asked for and wants to see in the log: the connection
   * check's TerminalStatus on a stopped terminal says what the last poll said, and was dropped as
   * a repeat (issue 36).
   */
  askedOptions<T extends { onExchange?: ((exchange: SpinExchange) => void) | undefined }>(options: T): T {
    const onExchange = options.onExchange;
    return {
      ...options,
      onExchange: (exchange: SpinExchange) => {
        this.#asked.add(exchange);
        onExchange?.(exchange);
      },
    };
  }

  /** A TerminalStatus poll that says what the last one said would only crowd the polls' ring. */
  #news(exchange: SpinExchange): boolean {
    const said = `${exchange.httpStatus ?? ''}|${exchange.errorCode ?? ''}|${exchange.statusCode ?? ''}|${exchange.responseText ?? ''}`;
    const key = exchange.profileId ?? exchange.tpn;
    if (this.#lastStatus.get(key) === said) return false;
    this.#lastStatus.set(key, said);
    return true;
  }

  close(): Promise<void> {
    return this.log.flush();
  }
}
