export { createPriceStore, pricesChannel, type PriceStore } from './prices.service.ts';
