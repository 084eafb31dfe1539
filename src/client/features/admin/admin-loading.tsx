// What the admin route shows until the admin chunk has loaded; in the main bundle, so it stays tiny.
export function AdminLoading() {
  return (
    <div className="mx-auto flex max-w-7xl items-center justify-center px-4 py-24" role="status">
      <p className="text-slate-600">Loading admin dashboard...</p>
    </div>
  );
}
