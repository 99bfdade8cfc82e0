// `npm run simulator -- [options]`: serves the SPIn simulator until SIGINT/SIGTERM. The first
// stdout line is the base URL, so a parent process can read it and start talking.
import { CliUsageError, USAGE, parseCliArgs, type CliOptions } from './cli-args';
import { startSimulator, type RunningSimulator } from './full-simulator';

function fail(message: string, code: number): never {
  process.stderr.write(`simulator: ${message}\n`);
  process.exit(code);
}

function readArgs(): CliOptions {
  try {
    return parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof CliUsageError) fail(`${error.message}\nRun with --help for usage.`, 2);
    throw error;
  }
}

async function main(): Promise<void> {
  const args = readArgs();
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let sim: RunningSimulator;
  try {
    sim = await startSimulator({
      host: args.host,
      port: args.port,
      terminals: args.terminals.length > 0 ? args.terminals : undefined,
      statePath: args.statePath,
      processingDelayMs: args.delayMs,
      busyAfterApprovalMs: args.busyAfterApprovalMs,
      unknownFields: args.unknownFields,
      ...(args.propertyNames ? { propertyNames: args.propertyNames } : {}),
      environment: args.environment,
      seed: args.seed,
      tipMode: args.tipMode,
      tipModes: args.tipModes,
      feeProgram: args.feeProgram,
      feePrograms: args.feePrograms,
      realWorld: args.realWorld,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 1);
  }
  process.stdout.write(`${sim.url}\n`);
  const tpns = sim.control.listTerminals().map((t) => t.tpn);
  process.stderr.write(`SPIn simulator on ${sim.url} serving ${tpns.join(', ')}; control API at ${sim.url}/_sim/\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second signal means "now": skip the graceful close.
    if (stopping) process.exit(130);
    stopping = true;
    process.stderr.write(`simulator: ${signal}, closing\n`);
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => fail(`close failed: ${error instanceof Error ? error.message : String(error)}`, 1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
