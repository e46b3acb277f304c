import { Link } from "react-router";
import { TEXTS } from "../../lib/constants";

export function NotFoundView() {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center" aria-labelledby="not-found-title">
      <p className="text-6xl font-extrabold text-brand-strong" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-bold text-gray-900">
        {TEXTS.notFound}
      </h1>
      <Link
        to="/"
        className="mt-6 inline-flex items-center rounded-lg bg-brand-strong px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
      >
        {TEXTS.notFoundLink}
      </Link>
    </section>
  );
}
