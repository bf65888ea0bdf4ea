export * from './archive-entries.js';
export * from './dataset-table.js';
export * from './pull-dataset.js';
