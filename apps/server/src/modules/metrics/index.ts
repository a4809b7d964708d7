export { measuredGenerationProvider, measuredToolProvider } from './measured-providers.ts';
export { startMetricsServer } from './metrics-server.ts';
export { metricsRoutes } from './metrics.routes.ts';
export { type CreditMetrics, type JobMetrics, type Metrics, createMetrics } from './metrics.ts';
