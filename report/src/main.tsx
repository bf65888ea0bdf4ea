import { render } from 'preact';
import './style-base.css';
import './style-tables.css';
import './style-views.css';
import './style-episode.css';
import './style-bus.css';
import './style-world.css';
import type { ReportData } from '../../src/report/report-data';
import { App } from './app';
import { decodeReportData, ReportDataError } from './decode-report-data';
import { Notice } from './notice';
import { dataElementRead, readDataElementText } from './report-data-element';
import { buildReportIndex } from './report-index';

/** Reads the embedded data, renders the report, then marks the page ready (`body[data-ready=true]`). */
async function start(): Promise<void> {
  await dataElementRead(document);
  const root = document.getElementById('app');
  if (!root) return;
  let data: ReportData | undefined;
  let problem: ReportDataError | Error | undefined;
  performance.mark('toolgauge:start');
  try {
    data = await decodeReportData(readDataElementText(document));
    performance.mark('toolgauge:decoded');
  } catch (error) {
    problem = error instanceof Error ? error : new Error(String(error));
  }
  if (__REPORT_DEV_SAMPLE__) {
    // `vite --config report/vite.config.ts` (development only): show the sample report.
    if (problem instanceof ReportDataError && problem.reason === 'empty') {
      const { buildSampleReportData } = await import('../sample-data');
      data = buildSampleReportData();
    }
  }
  root.replaceChildren();
  if (data) {
    const index = buildReportIndex(data);
    performance.mark('toolgauge:indexed');
    render(<App index={index} />, root);
    return;
  }
  const empty = problem instanceof ReportDataError && problem.reason === 'empty';
  render(
    <Notice
      tone={empty ? 'plain' : 'error'}
      title={empty ? 'No data in this report' : 'This report cannot be read'}
      detail={
        empty
          ? 'The page was built without run data. Create a report with `toolgauge report <run-id…> --html out.html`.'
          : (problem?.message ?? 'Unknown error.')
      }
    />,
    root,
  );
  document.body.dataset.ready = 'true';
  document.body.dataset.state = empty ? 'empty' : 'error';
}

void start();
