// app/checkout/finish/page.tsx: the finish step (the receipt, or what went wrong).
export { FinishPage as default } from '@/plankit';
