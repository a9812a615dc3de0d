"""The fictional world UCFE instances are drawn from: companies, statements, prices, news and rule tables."""
