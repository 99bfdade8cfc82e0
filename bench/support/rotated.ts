/**
 * Runs each contestant once per round, `warmUp` rounds and then `rounds` more, rotating which goes
 * first so that none always follows another's garbage and all see the same machine load; the
 * times (ms) of the rounds after the warm-up, by contestant.
 */
export async function timeRotated<K extends string>(
  contestants: Record<K, () => Promise<unknown>>,
  rounds: number,
  warmUp: number,
): Promise<Record<K, number[]>> {
  const order = Object.keys(contestants) as K[];
  const times = Object.fromEntries(order.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < warmUp + rounds; round += 1)
    for (let k = 0; k < order.length; k += 1) {
      const who = order[(round + k) % order.length]!;
      const started = performance.now();
      await contestants[who]();
      if (round >= warmUp) times[who].push(performance.now() - started);
    }
  return times;
}
