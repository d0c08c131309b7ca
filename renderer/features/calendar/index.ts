export { CalendarView } from './CalendarView';
export { listenForCalendarRoutes } from './calendar-routes';
