export * from './archive-entries.js';
export * from './content-digest.js';
export * from './dataset-table.js';
export * from './pull-dataset.js';
