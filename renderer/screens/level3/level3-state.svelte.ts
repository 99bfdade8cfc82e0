import type { PathErrors } from '../../lib/form-reader';
import { TerminalRequest } from '../../lib/request/terminal-request.svelte';
import type { Level3Result } from '@shared/ipc/display-views';
import { emptyTarget, type TargetFields } from './level3-forms';

// What the terminal holds for one AuthCode, as far as this screen knows. The terminal only says
// how many lines it holds (LineItemCount); the lines added from here are kept with their number
// so each can be removed by it. Module-level, so leaving the screen forgets nothing.

export interface StagedLine {
  /** Position on the terminal, from 1: what RemoveLevel3Item takes. */
  number: number;
  description: string;
  totalCents?: number | undefined;
}

class Level3State {
  /** The transaction both forms work on, and what is wrong with it (either form may find out). */
  target = $state<TargetFields>(emptyTarget());
  targetErrors = $state<PathErrors>({});
  authCode = $state<string | null>(null);
  lineItemCount = $state<number | null>(null);
  staged = $state<StagedLine[]>([]);
  readonly request = new TerminalRequest<Level3Result>();

  /** After lines were added: they sit at the end, so their numbers count back from the new total. */
  added(result: Level3Result, lines: { description: string; totalCents?: number | undefined }[]): void {
    this.#follow(result);
    const count = result.lineItemCount;
    if (count === null) return;
    const first = count - lines.length + 1;
    this.staged.push(...lines.map((line, i) => ({ number: first + i, ...line })));
  }

  /** After a removal: later lines move up by one; without a number, everything went. */
  removed(result: Level3Result, number: number | undefined): void {
    this.#follow(result);
    if (number === undefined) {
      this.staged = [];
      return;
    }
    this.staged = this.staged
      .filter((line) => line.number !== number)
      .map((line) => (line.number > number ? { ...line, number: line.number - 1 } : line));
  }

  #follow(result: Level3Result): void {
    // Lines of another AuthCode say nothing about this one.
    if (this.authCode !== result.authCode) this.staged = [];
    this.authCode = result.authCode;
    this.lineItemCount = result.lineItemCount;
  }
}

export const level3 = new Level3State();
