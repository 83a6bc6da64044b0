import { createListenerMiddleware, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { readStored, storageKey, writeStored } from '../lib/storage';

export type ColorMode = 'light' | 'dark';

function systemMode(): ColorMode {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function storedVolume(): number {
  const raw = Number(readStored(storageKey.volume) ?? '1');
  return Number.isFinite(raw) && raw >= 0 && raw <= 1 ? raw : 1;
}

export interface UiState {
  colorMode: ColorMode;
  /** Notification volume, 0 to 1 in steps of 0.1 (default 1). */
  volume: number;
  drawerOpen: boolean;
  drawerCollapsed: boolean;
}

const stored = readStored(storageKey.theme);

const initialState: UiState = {
  colorMode: stored === 'dark' || stored === 'light' ? stored : systemMode(),
  volume: storedVolume(),
  drawerOpen: false,
  drawerCollapsed: readStored(storageKey.drawerCollapsed) === 'true',
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    colorModeToggled(state) {
      state.colorMode = state.colorMode === 'dark' ? 'light' : 'dark';
    },
    volumeChanged(state, action: PayloadAction<number>) {
      state.volume = Math.round(Math.min(1, Math.max(0, action.payload)) * 10) / 10;
    },
    drawerToggled(state, action: PayloadAction<{ narrow: boolean }>) {
      if (action.payload.narrow) state.drawerOpen = !state.drawerOpen;
      else {
        state.drawerCollapsed = !state.drawerCollapsed;
      }
    },
    drawerClosed(state) {
      state.drawerOpen = false;
    },
  },
});

export const { colorModeToggled, volumeChanged, drawerToggled, drawerClosed } = uiSlice.actions;

/** The account preferences are remembered in localStorage (reducers stay pure). */
export const uiPersistence = createListenerMiddleware<{ ui: UiState }>();
uiPersistence.startListening({
  matcher: isAnyOf(colorModeToggled, volumeChanged, drawerToggled),
  effect: (_action, api) => {
    const { ui } = api.getState();
    writeStored(storageKey.theme, ui.colorMode);
    writeStored(storageKey.volume, String(ui.volume));
    writeStored(storageKey.drawerCollapsed, String(ui.drawerCollapsed));
  },
});
