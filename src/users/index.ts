export * from './scripted-user.js';
