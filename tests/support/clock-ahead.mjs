// Preloaded with `node --import` into a process whose clock must run ahead of the machine's by
// CLOCK_AHEAD_MS (a PC whose clock is wrong): Date.now() and new Date() both read the shifted time.
const ahead = Number(process.env.CLOCK_AHEAD_MS ?? 0);
const RealDate = Date;

class AheadDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + ahead);
    else super(...args);
  }

  static now() {
    return RealDate.now() + ahead;
  }
}

globalThis.Date = AheadDate;
