export { handleDemoRequest, type DemoGatewayOptions } from './handler.ts';
export { ERROR_SCENARIOS, type ErrorScenario, type ErrorScenarioName } from './error-scenarios.ts';
export { STREAM_SCENARIOS } from './stream-scenarios.ts';
export { DEMO_MODELS } from './models.ts';
