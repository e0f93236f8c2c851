import type { AppDeps } from '../context';
import { errorForLog } from '../log-safety';

/**
 * A background job: `run` is called every `intervalMs` (with ±10% jitter so nodes
 * drift apart). Jobs that must not run twice across nodes claim their rows with
 * `FOR UPDATE SKIP LOCKED` inside `run`; the runner itself is per process.
 */
export interface Job {
  name: string;
  /** Milliseconds between runs, or a function of the configuration for a configurable interval. */
  intervalMs: number | ((config: AppDeps['config']) => number);
  run(deps: AppDeps): Promise<void>;
}

export interface JobRunner {
  stop(): Promise<void>;
  /** Runs every job once now and waits (tests and benchmarks). */
  runOnce(): Promise<void>;
}

/**
 * Starts the jobs; a run never overlaps the previous run of the same job.
 * @example const runner = startJobs(deps, [holdSweeper]); await runner.stop();
 */
export function startJobs(deps: AppDeps, jobs: Job[], options: { autoStart?: boolean } = {}): JobRunner {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const runJob = (job: Job): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const started = performance.now();
    const promise = job
      .run(deps)
      .catch((error: unknown) => {
        deps.logger.error('job failed', { job: job.name, ...errorForLog(error) });
      })
      .finally(() => {
        running.delete(job.name);
        deps.logger.debug('job ran', { job: job.name, ms: Math.round(performance.now() - started) });
      });
    running.set(job.name, promise);
    return promise;
  };

  const schedule = (job: Job) => {
    if (stopped) return;
    const interval = typeof job.intervalMs === 'function' ? job.intervalMs(deps.config) : job.intervalMs;
    const jitter = interval * (0.9 + Math.random() * 0.2);
    const timer = setTimeout(() => {
      void runJob(job).then(() => schedule(job));
    }, jitter);
    timer.unref();
    timers.set(job.name, timer);
  };

  if (options.autoStart !== false) jobs.forEach(schedule);

  return {
    async stop() {
      stopped = true;
      timers.forEach((timer) => clearTimeout(timer));
      await Promise.all(running.values());
    },
    async runOnce() {
      await Promise.all(jobs.map(runJob));
    },
  };
}
