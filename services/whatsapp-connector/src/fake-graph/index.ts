export { FakeGraph, type FakeTemplate, mediaTemplate, type RecordedRequest, recordedTemplates } from './fake-graph.js';
