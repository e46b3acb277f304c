import { data } from "react-router";
import { TEXTS } from "../../../lib/constants";
import { NotFoundView } from "../../site/not-found-view";
import { siteFromMatches } from "../../site/site";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return [{ title: `${TEXTS.notFound} | ${site.siteName}` }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundView />;
}
