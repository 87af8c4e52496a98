/** The language menu's endpoint: remembers a choice in a cookie and sends the visitor back. */
export const LANGUAGE_PATH = '/language';

/** The theme menu's endpoint: remembers a choice in a cookie and sends the visitor back. */
export const THEME_PATH = '/theme';
