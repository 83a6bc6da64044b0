import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/base-api';
import { sessionListener, sessionSlice } from '../api/session';
import { inboxSlice } from '../features/inbox/model/inbox-slice';
import { uiPersistence, uiSlice } from '../layout/ui-slice';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionSlice.reducer,
  ui: uiSlice.reducer,
  inbox: inboxSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    ...(preloadedState ? { preloadedState } : {}),
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false })
        .prepend(sessionListener.middleware, uiPersistence.middleware)
        .concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
