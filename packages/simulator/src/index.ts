export * from './random';
export * from './price-response';
export * from './optimum';
export * from './littlewood';
