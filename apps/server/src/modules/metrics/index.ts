export { startMetricsServer } from './metrics-server.ts';
export { metricsRoutes } from './metrics.routes.ts';
export { type CreditMetrics, type JobMetrics, type Metrics, type ProviderMetrics, createMetrics } from './metrics.ts';
export { httpMetricsPlugin } from './http-metrics.ts';
