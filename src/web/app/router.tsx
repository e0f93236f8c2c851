import { lazy } from 'react';
import { Route, Switch } from 'wouter';

// Every screen is its own chunk so the home page ships only the shell and itself.
const HomePage = lazy(() => import('../routes/home/home-page').then((m) => ({ default: m.HomePage })));
const AboutPage = lazy(() => import('../routes/about/about-page').then((m) => ({ default: m.AboutPage })));
const ExplorePage = lazy(() => import('../routes/explore/explore-page').then((m) => ({ default: m.ExplorePage })));
const ResultPage = lazy(() => import('../routes/result/result-page').then((m) => ({ default: m.ResultPage })));
const BookPage = lazy(() => import('../routes/book/book-page').then((m) => ({ default: m.BookPage })));
const PaymentPage = lazy(() => import('../routes/payment/payment-page').then((m) => ({ default: m.PaymentPage })));
const LoginPage = lazy(() => import('../routes/login/login-page').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('../routes/signup/signup-page').then((m) => ({ default: m.SignupPage })));
const ProfilePage = lazy(() => import('../routes/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const TicketPage = lazy(() => import('../routes/ticket/ticket-page').then((m) => ({ default: m.TicketPage })));
const TripChangedPage = lazy(() => import('../routes/trip-changed/trip-changed-page').then((m) => ({ default: m.TripChangedPage })));
const ChangePage = lazy(() => import('../routes/change/change-page').then((m) => ({ default: m.ChangePage })));
const AlertsPage = lazy(() => import('../routes/alerts/alerts-page').then((m) => ({ default: m.AlertsPage })));
const GroupPage = lazy(() => import('../routes/group/group-page').then((m) => ({ default: m.GroupPage })));
const JoinPage = lazy(() => import('../routes/group/join-page').then((m) => ({ default: m.JoinPage })));
const TripPage = lazy(() => import('../routes/trip/trip-page').then((m) => ({ default: m.TripPage })));
const YourDataPage = lazy(() => import('../routes/your-data/your-data-page').then((m) => ({ default: m.YourDataPage })));
const SettingsPage = lazy(() => import('../routes/account/settings-page').then((m) => ({ default: m.SettingsPage })));
const ForgotPasswordPage = lazy(() => import('../routes/account/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('../routes/account/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const VerifyEmailPage = lazy(() => import('../routes/account/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })));
const NotFoundPage = lazy(() => import('../routes/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** Every screen's route. The first match wins; the last route is the fallback. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/home" component={HomePage} />
      <Route path="/about" component={AboutPage} />
      <Route path="/explore" component={ExplorePage} />
      <Route path="/result" component={ResultPage} />
      <Route path="/result/book" component={BookPage} />
      <Route path="/payment" component={PaymentPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/signup" component={SignupPage} />
      <Route path="/profile" component={ProfilePage} />
      <Route path="/settings" component={SettingsPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/ticket/:bookingId" component={TicketPage} />
      <Route path="/ticket/:bookingId/change" component={ChangePage} />
      <Route path="/ticket/:bookingId/changed" component={TripChangedPage} />
      <Route path="/alerts" component={AlertsPage} />
      <Route path="/groups/:groupId" component={GroupPage} />
      <Route path="/group/join/:token" component={JoinPage} />
      <Route path="/trip/:code" component={TripPage} />
      <Route path="/your-data" component={YourDataPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
