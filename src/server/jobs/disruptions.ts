import { disruptionCentre } from '../disruption-centre';
import type { Job } from './runner';

/**
 * Every DISRUPTION_JOB_SECONDS (default 60): the disruption centre's pass over bookings flying
 * from yesterday to 62 days ahead — a case and one notice (in-app, mail, Web Push) per material
 * change, and the automatic default of each case whose deadline passed unanswered.
 */
export const disruptionWatch: Job = {
  name: 'disruption-watch',
  intervalMs: (config) => config.DISRUPTION_JOB_SECONDS * 1000,
  async run(deps) {
    const report = await disruptionCentre(deps).pass();
    if (report.notices > 0 || report.defaults > 0) deps.logger.info('disruptions processed', { ...report });
  },
};
