import type { ChainPausePoint } from '../../config/chains-config.js';
import type { DepositSettleRepo, SettleFaults } from './deposit-settle.repo.js';
import type { DepositFaults } from './deposits.repo.js';

/**
 * The crash tests' pause points (CHAIN_TEST_PAUSE, refused in production): the watcher
 * says where it stopped in the log and waits for ever there, inside or just after a
 * transaction, so the test kills the process at that exact point with SIGKILL.
 */
export function chainTestPause(
  point: ChainPausePoint | null | undefined,
  log: { warn(obj: object, msg: string): void },
) {
  const stop = (at: ChainPausePoint) => {
    log.warn({ chainTestPause: at }, 'chain watcher paused for a crash test');
    return new Promise<never>(() => {});
  };
  const faults: DepositFaults & SettleFaults = {
    // Only a block that wrote a payment: that is the crash worth testing.
    afterOutputs:
      point === 'block' ? (written) => (written > 0 ? stop('block') : undefined) : undefined,
    afterCredit: point === 'credit' ? () => stop('credit') : undefined,
  };
  /** The settle repo, stopping after a credit committed when asked. */
  const wrapSettle = (settle: DepositSettleRepo): DepositSettleRepo =>
    point !== 'credited'
      ? settle
      : {
          ...settle,
          async credit(terms) {
            const done = await settle.credit(terms);
            if (done) await stop('credited');
            return done;
          },
        };
  return { faults, wrapSettle };
}
