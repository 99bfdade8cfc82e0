import { join } from 'node:path';
import type { Redactor } from '../security/redactor';
import type { SpinExchange } from '../spin/spin-client';
import { DEFAULT_LOG_LIMIT, RequestLog } from './request-log';
import { RequestLogFile } from './request-log-file';
import { TerminalStates } from './terminal-state';

export interface RecorderOptions {
  redactor: Redactor;
  /** With it, the request log is also kept in <dataDir>/diagnostics/requests.jsonl. */
  dataDir?: string;
  onError: (message: string) => void;
  limit?: number;
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
      ? new RequestLogFile(join(options.dataDir, 'diagnostics', 'requests.jsonl'), limit, options.onError)
      : undefined;
    const restored = file ? await file.load() : [];
    const log = new RequestLog({ redactor: options.redactor, limit, ...(file ? { file } : {}) }, restored);
    return new ExchangeRecorder(options.redactor, log);
  }

  readonly observe = (exchange: SpinExchange): void => {
    this.log.record(exchange);
    this.states.observe(exchange);
  };

  close(): Promise<void> {
    return this.log.flush();
  }
}
