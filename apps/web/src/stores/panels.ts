/**
 * The shell's side panels: the cart and notification drawers and the phone navigation drawer.
 * Every navigation closes them (spec section 2); features open the cart with `openCart()`
 * (e.g. after adding an item, spec section 4).
 */
import { create } from "zustand";

type PanelsState = {
  cart: boolean;
  notifications: boolean;
  navigation: boolean;
  setCart: (open: boolean) => void;
  setNotifications: (open: boolean) => void;
  setNavigation: (open: boolean) => void;
  closeAll: () => void;
};

export const usePanels = create<PanelsState>((set) => ({
  cart: false,
  notifications: false,
  navigation: false,
  setCart: (cart) => set(cart ? { cart, notifications: false } : { cart }),
  setNotifications: (notifications) =>
    set(notifications ? { notifications, cart: false } : { notifications }),
  setNavigation: (navigation) => set({ navigation }),
  closeAll: () => set({ cart: false, notifications: false, navigation: false }),
}));

export const openCart = () => usePanels.getState().setCart(true);
