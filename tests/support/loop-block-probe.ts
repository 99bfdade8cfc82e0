// Measures how long this process's event loop was held: a timer that should fire every few ms
// notes the longest wait between two of its turns, and the most CPU the process spent in one wait.
// The wall-clock gap alone also counts time the machine gave to other processes (a loaded test
// machine stretches every gap); the CPU time spent inside the gap is the work that held the loop.

export interface LoopBlock {
  /** The longest time between two turns of the probe (ms, wall clock). */
  longestGapMs: number;
  /** The most CPU time (user + system) the process spent within one gap (ms): the work that held the loop. */
  mostCpuInOneGapMs: number;
}

const EVERY_MS = 5;

/** Starts probing; `stop` lets one more turn run (so a block at the very end is seen) and reports. */
export function probeLoopBlock(): { stop: () => Promise<LoopBlock> } {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const worst: LoopBlock = { longestGapMs: 0, mostCpuInOneGapMs: 0 };
  const turn = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    worst.longestGapMs = Math.max(worst.longestGapMs, now - last);
    worst.mostCpuInOneGapMs = Math.max(worst.mostCpuInOneGapMs, (cpu.user + cpu.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
  };
  const timer = setInterval(turn, EVERY_MS);
  return {
    stop: () =>
      new Promise<LoopBlock>((resolve) =>
        setTimeout(() => {
          turn();
          clearInterval(timer);
          resolve({ ...worst });
        }, EVERY_MS),
      ),
  };
}
