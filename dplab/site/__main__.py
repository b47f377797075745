import sys

from dplab.site.build import main

sys.exit(main())
