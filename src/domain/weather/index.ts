/** Weather: climate normals for every served airport, the OpenWeatherMap adapter and destination insights. */
export { CLIMATE_PERIOD, CLIMATE_STATIONS, climateFor, type AirportClimate, type ClimateStation, type MonthNormal } from './normals';
export { type ForecastDay, type WeatherCondition, inFogWindow, typicalDay, typicalDays } from './typical';
export {
  FORECAST_DAYS,
  FORECAST_TTL_MS,
  createWeatherService,
  typicalWeatherOn,
  weatherNow,
  type AirportWeatherNow,
  type WeatherLog,
  type WeatherReport,
  type WeatherService,
} from './service';
export { destinationInsight, scoreMonths, seasonLabel, seasonText, type DestinationInsight, type MonthScore } from './insights';
export { EVENT_ICONS, eventsNear, type EventType, type LocalEvent } from './events';
