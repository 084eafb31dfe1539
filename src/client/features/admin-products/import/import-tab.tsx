// Bulk import page: CSV import with optional pictures, pictures only, the template, the progress, the
// results, a link to manual entry and the format instructions. The page composes its parts; the files
// picked live in useFilePick, the uploads and their progress in useImportJobs, the bar's arithmetic in
// import-progress.ts.
import { ImportHelp } from './import-help';
import { ImportResultsCard, ProgressBar } from './import-results';
import { CsvImportCard, ImagesOnlyCard } from './upload-cards';
import { useFilePick } from './use-file-pick';
import { useImportJobs } from './use-import-jobs';

export default function ImportTab() {
  const csv = useFilePick('csv');
  const images = useFilePick('images');
  const imagesOnly = useFilePick('images');
  const jobs = useImportJobs({ csv, images, imagesOnly });

  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Import Products</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <CsvImportCard
          csv={csv}
          images={images}
          busy={jobs.busy}
          onImport={jobs.runImport}
          onDownloadTemplate={jobs.downloadTemplate}
        />
        <ImagesOnlyCard imagesOnly={imagesOnly} busy={jobs.busy} onUpload={jobs.runImagesOnly} />
      </div>
      {(jobs.busy === 'import' || jobs.busy === 'images' || jobs.progress > 0) && (
        <ProgressBar
          value={jobs.progress}
          label={jobs.busy === 'images' ? 'Uploading images' : 'Import progress'}
        />
      )}
      {jobs.results && <ImportResultsCard results={jobs.results} />}
      <ImportHelp />
    </div>
  );
}
