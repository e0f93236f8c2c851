import { type WeatherService, createWeatherService } from '../domain/weather/service';
import type { AppDeps } from './context';

const defaults = new WeakMap<AppDeps['config'], WeatherService>();

/**
 * The weather adapter of these deps: `deps.weather` when given (tests pass one with a mocked
 * fetch), else one adapter per config built from OPENWEATHER_API_KEY, so every route and job of a
 * node shares one forecast cache.
 * @example const report = await weatherOf(c.get('deps')).forecast('DEL')
 */
export function weatherOf(deps: Pick<AppDeps, 'weather' | 'config' | 'clock' | 'logger'>): WeatherService {
  if (deps.weather) return deps.weather;
  let service = defaults.get(deps.config);
  if (!service) {
    service = createWeatherService({ apiKey: deps.config.OPENWEATHER_API_KEY, clock: deps.clock, log: deps.logger });
    defaults.set(deps.config, service);
  }
  return service;
}
