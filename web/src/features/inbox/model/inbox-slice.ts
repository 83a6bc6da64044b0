import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Message } from '../../../api/types';

export type ListTab = 'open' | 'closed' | 'search';
export type OpenSubTab = 'open' | 'pending';

/** UI state of the agent's workspace (filters, tabs, the message being replied to). Server data is not here. */
export interface InboxState {
  tab: ListTab;
  subTab: OpenSubTab;
  searchParam: string;
  tagIds: number[];
  userIds: number[];
  /** null until the user's queues are known; then the queues the lists filter by. */
  queueIds: number[] | null;
  showAll: boolean | null;
  /** The lists' service-level filter (issue 55): near a target (at risk), past one, or every ticket (null). */
  serviceLevel: 'near' | 'breached' | null;
  /** Tickets past, then near a target first in the lists (on by default). */
  riskFirst: boolean;
  replyingTo: Message | null;
  mobileTab: 'ticket' | 'chats';
  contactDrawerOpen: boolean;
}

const initialState: InboxState = {
  tab: 'open',
  subTab: 'open',
  searchParam: '',
  tagIds: [],
  userIds: [],
  queueIds: null,
  showAll: null,
  serviceLevel: null,
  riskFirst: true,
  replyingTo: null,
  mobileTab: 'chats',
  contactDrawerOpen: false,
};

export const inboxSlice = createSlice({
  name: 'inbox',
  initialState,
  reducers: {
    tabChanged(state, action: PayloadAction<ListTab>) {
      state.tab = action.payload;
    },
    subTabChanged(state, action: PayloadAction<OpenSubTab>) {
      state.subTab = action.payload;
    },
    searchChanged(state, action: PayloadAction<string>) {
      state.searchParam = action.payload;
    },
    tagFilterChanged(state, action: PayloadAction<number[]>) {
      state.tagIds = action.payload;
    },
    userFilterChanged(state, action: PayloadAction<number[]>) {
      state.userIds = action.payload;
    },
    queuesChanged(state, action: PayloadAction<number[]>) {
      state.queueIds = action.payload;
    },
    showAllChanged(state, action: PayloadAction<boolean>) {
      state.showAll = action.payload;
    },
    serviceLevelFilterChanged(state, action: PayloadAction<'near' | 'breached' | null>) {
      state.serviceLevel = action.payload;
    },
    riskFirstChanged(state, action: PayloadAction<boolean>) {
      state.riskFirst = action.payload;
    },
    replyStarted(state, action: PayloadAction<Message>) {
      state.replyingTo = action.payload;
    },
    replyCleared(state) {
      state.replyingTo = null;
    },
    mobileTabChanged(state, action: PayloadAction<'ticket' | 'chats'>) {
      state.mobileTab = action.payload;
    },
    contactDrawerToggled(state, action: PayloadAction<boolean | undefined>) {
      state.contactDrawerOpen = action.payload ?? !state.contactDrawerOpen;
    },
  },
});

export const {
  tabChanged,
  subTabChanged,
  searchChanged,
  tagFilterChanged,
  userFilterChanged,
  queuesChanged,
  showAllChanged,
  serviceLevelFilterChanged,
  riskFirstChanged,
  replyStarted,
  replyCleared,
  mobileTabChanged,
  contactDrawerToggled,
} = inboxSlice.actions;
