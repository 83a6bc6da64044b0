export { FakeGraph, type FakeTemplate, type RecordedRequest, recordedTemplates } from './fake-graph.js';
