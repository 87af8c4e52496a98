import { notFound } from 'next/navigation';

// Any other path under a language: the language's own 404 page (not-found.tsx), inside
// its layout, so `<html lang dir>` and the text follow the visitor's language.
export default function UnknownPage(): never {
  notFound();
}
