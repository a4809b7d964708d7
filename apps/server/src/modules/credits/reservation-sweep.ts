import type { FastifyBaseLogger } from 'fastify';
import type { CreditsService } from './credits.service.ts';

/**
 * Refunds reservations that a crash left pending (docs/architecture.md §2): once at start-up, then every
 * `intervalMs`. Safe on several instances at once: a refund happens only while still pending.
 */
export function startReservationSweep(
  credits: CreditsService,
  {
    timeoutMs,
    intervalMs,
    log,
    alsoRun,
  }: { timeoutMs: number; intervalMs: number; log: FastifyBaseLogger; alsoRun?: () => Promise<void> },
) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= (async () => {
      try {
        const refunded = await credits.sweepStale(timeoutMs);
        if (refunded > 0) log.warn({ refunded }, 'refunded stale credit reservations');
        await alsoRun?.();
      } catch (error) {
        log.error({ err: error }, 'reservation sweep failed');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    first: sweep(),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
