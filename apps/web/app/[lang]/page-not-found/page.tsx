// The proxy answers any path no page answers with this one, with a 404 status: rendered
// once per process and language (the adapter's staticPages.ts), so a visitor without
// JavaScript reads it too (a not-found rendered per request arrives with an empty body
// without JavaScript, vercel/next.js#98954).
export {
  generateNotFoundMetadata as generateMetadata,
  NotFoundPage as default,
} from '../../../lib/plankit';

export const dynamic = 'force-static';
