import { isoDate, localDayOf } from '../world/time';
import type { WeatherService } from '../weather/service';
import { typicalDay } from '../weather/typical';
import type { WeatherLookup } from './status';

/**
 * Weather for the tracker: the forecast (OpenWeatherMap when configured, else typical weather)
 * for today and later, and typical weather for past days, so a past day's status is the same
 * every time it is asked for.
 * @example await getFlightStatus(world, { flightNumber: 'AI 101', now, weather: trackerWeather(weatherOf(deps), now) })
 */
export function trackerWeather(service: WeatherService, now: Date): WeatherLookup {
  return async (airport, at) => {
    const date = isoDate(localDayOf(Math.floor(at.getTime() / 60_000), airport.tz));
    const today = isoDate(localDayOf(Math.floor(now.getTime() / 60_000), airport.tz));
    const day = date < today ? typicalDay(airport.code, date) : (await service.forecast(airport.code, date))?.days.find((d) => d.date === date);
    return day ? { condition: day.condition, temp: Math.round(day.tempC) } : null;
  };
}
