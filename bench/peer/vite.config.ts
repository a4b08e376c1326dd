// As react-admin's documentation sets up an app (create-react-admin): Vite with the React plugin,
// its production build left at Vite's defaults.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
});
