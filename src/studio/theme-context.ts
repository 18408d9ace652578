// The theme reaches every component through context, so NO_COLOR is decided once, at the top.

import { createContext, useContext } from 'react';
import { createTheme, type Theme } from './theme.js';

export const ThemeContext = createContext<Theme>(createTheme({ color: true }));

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
