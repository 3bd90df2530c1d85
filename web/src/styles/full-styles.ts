// Loaded on demand by lib/full-styles.ts: a module of its own so Vite emits the sheet as a lazy CSS chunk.
import '@mantine/core/styles.css';
