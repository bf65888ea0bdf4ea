export * from './build-report-data.js';
export * from './episode-table.js';
export * from './html-report.js';
export * from './report-data.js';
