// app/layout.tsx: the stylesheet, and <html lang dir> in the visitor's language.
export { RootLayout as default } from '@/plankit';
