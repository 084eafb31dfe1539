// The product administration's public entry: what other code (the import benchmark) may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export { newReport } from './import-report';
export { importCsv } from './import-service';
export { imagesOf, lowStockCondition, replaceProductImages } from './repository';
// The returns' restock puts re-graded units back through the same writers as the product form.
export { adjustStock, createProduct } from './service';
export { findAdminProduct } from './repository';
