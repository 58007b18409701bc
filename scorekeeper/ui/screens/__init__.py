"""One module per screen. Each draws its view model and passes taps on."""
