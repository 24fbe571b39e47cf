/** The CSV reader is shared with the market's rates import: it lives in lib/csv-reader.ts. */
export * from '../../lib/csv-reader';
