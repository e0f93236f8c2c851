import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const perf=[], tbt=[], lcp=[];
for (let i=0;i<Number(process.argv[3]??4);i++){
const r = await lighthouse(process.argv[2], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
if (!r.lhr.audits.metrics.details) { console.log('run error', r.lhr.runtimeError?.code, r.lhr.runWarnings); continue; }
const m = r.lhr.audits.metrics.details.items[0];
const ls = r.lhr.audits['long-tasks']?.details?.items?.map(t=>`${Math.round(t.duration)}@${Math.round(t.startTime)}:${(t.url||'').split('/').pop().slice(0,18)}`).join(' ');
perf.push(Math.round(r.lhr.categories.performance.score*100)); tbt.push(m.totalBlockingTime); lcp.push(m.largestContentfulPaint);
console.log(`perf ${perf.at(-1)} LCP ${m.largestContentfulPaint} TBT ${m.totalBlockingTime} | long ${ls}`);
}
const med = (a) => [...a].sort((x,y)=>x-y)[Math.floor(a.length/2)];
console.log('median perf', med(perf), 'TBT', med(tbt), 'LCP', med(lcp));
await chrome.kill();
