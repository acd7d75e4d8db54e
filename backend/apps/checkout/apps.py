from django.apps import AppConfig


class CheckoutConfig(AppConfig):
    name = "apps.checkout"

    def ready(self) -> None:
        # The work-time table (work) shows each day's checkout status without importing checkout.
        from apps.checkout.selectors import checkout_day_statuses
        from apps.work import hooks

        hooks.provide_checkout_status(checkout_day_statuses)
