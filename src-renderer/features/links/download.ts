// Moved to the component kit (the analytics screens save CSV files too).
export { downloadBlob, fileSafe } from '../../ui/download.ts';
