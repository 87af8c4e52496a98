// The theme menu's endpoint (the adapter's handler): remembers the choice, goes back.
export { GET } from '../../lib/plankit';
