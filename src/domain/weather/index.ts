/** Weather: typical monthly weather for every served airport, the OpenWeatherMap adapter and destination insights. */
export { CLIMATE_FIELDS, CLIMATE_STATIONS, citedValue, climateFor, sourceCaveats, type AirportClimate, type CitedTable, type ClimateCredit, type ClimateField, type ClimateStation, type MonthClimate } from './normals';
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
