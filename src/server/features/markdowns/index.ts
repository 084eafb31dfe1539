// Markdowns by age: what the maintenance job and the feature registry use (docs/decisions/0175-enforced-boundaries.md).
export { applyMarkdowns } from './service';
