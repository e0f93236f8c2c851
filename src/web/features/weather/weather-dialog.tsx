import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { Cloud, CloudDrizzle, CloudFog, CloudLightning, CloudRain, Droplets, Haze, type LucideIcon, Snowflake, Sun, Wind } from 'lucide-react';
import { type ClimateCreditWire, type ForecastDayWire, type InsightsAnswer, type WeatherReportWire, typicalLabel } from '../../../core/weather';
import { Modal } from '../../components/modal';
import { QueryScope } from '../../lib/query-scope';
import { forecastQuery, insightsQuery } from './weather-api';
import '../../components/tabs.css';
import './weather.css';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  code: string;
  city: string;
  date: string;
}

const ICONS: Record<ForecastDayWire['condition'], LucideIcon> = {
  Clear: Sun,
  Clouds: Cloud,
  Rain: CloudRain,
  Drizzle: CloudDrizzle,
  Thunderstorm: CloudLightning,
  Snow: Snowflake,
  Mist: CloudFog,
  Fog: CloudFog,
  Haze: Haze,
  Smoke: Haze,
  Dust: Wind,
  Other: Cloud,
};

const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const rangeFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function dayLabel(iso: string): string {
  return dayFormat.format(new Date(`${iso}T00:00:00Z`));
}

function eventDates(from: string, to: string): string {
  const a = rangeFormat.format(new Date(`${from}T00:00:00Z`));
  return from === to ? a : `${a} – ${rangeFormat.format(new Date(`${to}T00:00:00Z`))}`;
}

const deg = (n: number) => `${Math.round(n)}°C`;

/**
 * Weather & Travel Insights for a destination: tabs Weather Forecast (7 days; typical days are
 * labelled), Best Time to Visit (from typical monthly weather and fares) and Local Events (near the date).
 */
export default function WeatherDialog(props: Props) {
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title="Weather & Travel Insights" description={`${props.city} (${props.code}) · travelling ${dayLabel(props.date)}`} className="wx-modal">
      <QueryScope>
        <Tabs.Root defaultValue="forecast" className="wx-tabs">
          <Tabs.List className="tabs-list" aria-label="Weather and travel insights">
            <Tabs.Trigger value="forecast" className="tabs-trigger">
              Weather Forecast
            </Tabs.Trigger>
            <Tabs.Trigger value="best-time" className="tabs-trigger">
              Best Time to Visit
            </Tabs.Trigger>
            <Tabs.Trigger value="events" className="tabs-trigger">
              Local Events
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="forecast" className="tabs-panel wx-panel">
            <ForecastPanel code={props.code} date={props.date} />
          </Tabs.Content>
          <Tabs.Content value="best-time" className="tabs-panel wx-panel">
            <InsightsPanel code={props.code} date={props.date} part="best-time" />
          </Tabs.Content>
          <Tabs.Content value="events" className="tabs-panel wx-panel">
            <InsightsPanel code={props.code} date={props.date} part="events" />
          </Tabs.Content>
        </Tabs.Root>
      </QueryScope>
    </Modal>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <div className="wx-loading" role="status">
      <span className="skeleton skeleton-line" />
      <span className="skeleton skeleton-line" />
      <span className="skeleton skeleton-line short" />
      <span className="visually-hidden">Loading {what}…</span>
    </div>
  );
}

function Failed({ retry }: { retry(): void }) {
  return (
    <p role="alert" className="wx-error">
      Could not load this right now.{' '}
      <button type="button" className="btn btn-small" onClick={retry}>
        Try again
      </button>
    </p>
  );
}

function ForecastPanel({ code, date }: { code: string; date: string }) {
  const query = useQuery(forecastQuery(code, date));
  if (query.isPending) return <Loading what="the forecast" />;
  if (query.isError) return <Failed retry={() => void query.refetch()} />;
  const report: WeatherReportWire = query.data;
  const typicalOnly = report.days.every((d) => d.source === 'typical');
  return (
    <>
      {typicalOnly ? <p className="wx-note">{typicalLabel(report.days.map((d) => d.date))}: no forecast reaches these dates yet, so each day shows typical weather for the date, not a forecast.</p> : null}
      <ol className="wx-days">
        {report.days.map((day) => {
          const Icon = ICONS[day.condition];
          return (
            <li key={day.date} className="wx-day">
              <span className="wx-day-date">{dayLabel(day.date)}</span>
              <Icon aria-hidden="true" size={28} className="wx-day-icon" />
              <span className="wx-day-cond">{day.condition}</span>
              <span className="wx-day-temp">
                <strong>{deg(day.tempMaxC)}</strong> / {deg(day.tempMinC)}
              </span>
              <span className="wx-day-more small muted">
                Feels like {deg(day.feelsLikeC)}
                {day.humidity !== null ? ` · Humidity ${day.humidity}%` : ''}
                {day.windSpeed !== null ? ` · Wind ${Math.round(day.windSpeed * 3.6)} km/h` : ''}
                {day.visibility !== null ? ` · Visibility ${(day.visibility / 1000).toFixed(1)} km` : ''}
              </span>
              <span className="wx-day-pop small">
                <Droplets aria-hidden="true" size={14} /> {Math.round(day.pop * 100)}% chance of rain
              </span>
              {day.source === 'typical' && !typicalOnly ? <span className="wx-badge">{typicalLabel([day.date])}</span> : null}
            </li>
          );
        })}
      </ol>
      <p className="wx-source small muted">
        {report.source === 'openweathermap' ? 'Forecast: OpenWeatherMap. ' : ''}
        Typical days: <ClimateCredit credit={report.climate} />
      </p>
    </>
  );
}

/** Where typical days come from: "approximate", or the cited table (linked) with its period, kind and weaknesses. */
function ClimateCredit({ credit }: { credit: ClimateCreditWire }) {
  return (
    <>
      {credit.text}
      {credit.citation ? (
        <>
          {' '}
          <a href={credit.citation.url} target="_blank" rel="noopener noreferrer">
            Source table
          </a>
        </>
      ) : null}
    </>
  );
}

function InsightsPanel({ code, date, part }: { code: string; date: string; part: 'best-time' | 'events' }) {
  const query = useQuery(insightsQuery(code, date));
  if (query.isPending) return <Loading what={part === 'events' ? 'local events' : 'the best time to visit'} />;
  if (query.isError) return <Failed retry={() => void query.refetch()} />;
  return part === 'events' ? <EventsList answer={query.data} /> : <BestTime answer={query.data} />;
}

const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function BestTime({ answer }: { answer: InsightsAnswer }) {
  const { insight } = answer;
  const top = Math.max(...insight.months.map((m) => m.score));
  const bottom = Math.min(...insight.months.map((m) => m.score));
  return (
    <div className="wx-best">
      <dl className="wx-facts">
        <div>
          <dt>Best months</dt>
          <dd>{insight.bestMonths.join(', ')}</dd>
        </div>
        <div>
          <dt>Peak season</dt>
          <dd>{insight.peakSeason}</dd>
        </div>
        <div>
          <dt>Off season</dt>
          <dd>{insight.offSeason}</dd>
        </div>
        <div>
          <dt>Your month</dt>
          <dd>{insight.weather}</dd>
        </div>
        <div>
          <dt>Average temperature</dt>
          <dd>{deg(insight.avgTemp)}</dd>
        </div>
        <div>
          <dt>Lowest fares</dt>
          <dd>{insight.cheapMonths.join(', ')} (no holiday or festival peaks)</dd>
        </div>
      </dl>
      <h3 className="wx-subtitle">Month by month</h3>
      <ol className="wx-months" aria-label="How each month scores for a visit">
        {insight.months.map((m) => {
          const share = top === bottom ? 1 : (m.score - bottom) / (top - bottom);
          const label = `${MONTH_SHORT[m.month]}: ${share >= 0.75 ? 'great' : share >= 0.45 ? 'good' : share >= 0.2 ? 'fair' : 'poor'}${m.concerns.length ? ` (${m.concerns.join(', ')})` : ''}`;
          return (
            <li key={m.month} className="wx-month" title={label} aria-label={label}>
              <span className="wx-bar" style={{ blockSize: `${Math.round(12 + share * 52)}px` }} data-level={share >= 0.75 ? 'great' : share >= 0.45 ? 'good' : share >= 0.2 ? 'fair' : 'poor'} />
              <span className="wx-month-name" aria-hidden="true">
                {MONTH_SHORT[m.month]?.[0]}
              </span>
            </li>
          );
        })}
      </ol>
      <h3 className="wx-subtitle">Things to do</h3>
      <ul className="wx-activities">
        {insight.activities.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      <p className="wx-source small muted">
        Scored from typical monthly weather: comfortable highs of 18–32 °C, little rain, and fog or monsoon months counted against; fares from Safar’s fare model. <ClimateCredit credit={answer.climate} />
      </p>
    </div>
  );
}

function EventsList({ answer }: { answer: InsightsAnswer }) {
  if (answer.events.length === 0) return <p className="wx-note">No festivals or events listed for {answer.airport.city} yet.</p>;
  return (
    <>
      {answer.eventsWindow === 'upcoming' ? <p className="wx-note">Nothing listed around your dates. Coming up in {answer.airport.city}:</p> : null}
      <ul className="wx-events">
        {answer.events.map((e) => (
          <li key={`${e.name}-${e.date}`} className="wx-event">
            <span className="wx-event-icon" aria-hidden="true">
              {e.icon}
            </span>
            <span className="wx-event-body">
              <strong>{e.name}</strong>
              <span className="small muted">
                {eventDates(e.date, e.endDate)} · {e.place}
              </span>
            </span>
            <span className="wx-event-type small">{e.type}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
