import { Navigate, useParams } from 'react-router-dom';
import { slideOverPath } from './slideOverRoute.js';

/**
 * The resource's own edit and create routes (`/news/:id`, `/news/create`, which react-admin's
 * links and redirects use) sent on to the slide-over of the page the resource is managed on
 * (`/news/setup/:id`, `/news/setup/create`). Spread into the resource's index.ts when that
 * page is not the resource's list route.
 */
export function slideOverRedirects(basePath: string) {
  function EditRedirect() {
    const { id = '' } = useParams();
    return <Navigate to={slideOverPath(basePath, { mode: 'edit', id })} replace />;
  }
  function CreateRedirect() {
    return <Navigate to={slideOverPath(basePath, { mode: 'create' })} replace />;
  }
  return { edit: EditRedirect, create: CreateRedirect };
}
