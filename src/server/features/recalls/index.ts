// Recall screening's public face for the rest of the server (docs/decisions/0571-recall-screening.md).
export { fetchRecallData } from './service';
